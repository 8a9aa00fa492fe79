/// Where a `Speaker` sends synthesized speech: plays one utterance's audio, blocking until it
/// has been played or `shouldStop` (asked between blocks) says a newer utterance interrupts it.
public protocol SpeechOutput: AnyObject {
    func play(_ audio: SpeechAudio, shouldStop: () -> Bool) throws
}
