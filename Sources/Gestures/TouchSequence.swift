/// The bookkeeping the discrete recognizers that watch a whole touch sequence share (a swipe, a
/// two-finger tap): a sequence opens when a finger lands with none down and closes when the last
/// one lifts; once failed it stays failed until then; the frame that closed it with the gesture
/// reported is `recognized` (the next frame clears that).
struct TouchSequence {
    /// A finger of the sequence is still down.
    private(set) var isOpen = false
    /// The sequence cannot be the gesture any more.
    var failed = false
    /// The last frame closed the sequence with the gesture reported.
    private(set) var justRecognized = false

    /// Call at the start of every frame.
    mutating func newFrame() { justRecognized = false }

    /// Opens a sequence (not failed).
    mutating func open() { isOpen = true; failed = false }

    /// Closes the sequence when the last finger lifted; `recognized`: the gesture was reported.
    mutating func close(recognized: Bool) {
        if recognized { justRecognized = true }
        isOpen = false; failed = false
    }

    /// The recognizer's state as `GestureRecognizer.state` reports it.
    var state: GestureState {
        if justRecognized { return .recognized }
        if isOpen { return failed ? .failed : .possible }
        return .idle
    }

    mutating func reset() { isOpen = false; failed = false; justRecognized = false }
}
