#!/usr/bin/env python3
"""Host side of the speaking-kiosk VM test (scripts/vm/test-run-speech.sh).

    check_run_speech.py --expected-counts WORKDIR
        prints how many utterances the kiosk has said after each touch step (cumulative, space
        separated): WORKDIR/expected-report.json's transcript (the headless replay of
        all.evemu) split by the steps' start times in WORKDIR/steps.txt.
    check_run_speech.py WORKDIR RATE
        checks the run: reads WORKDIR's results.txt, the status after each step, the kiosk's log
        (run.err: one "said" line per utterance played to its end, with text, language and
        duration_ms) and capture.wav (what came out of the ALSA loopback). Each logged utterance is
        synthesized again here through libespeak-ng (ctypes, the kiosk's voice and rate) as the
        reference. Prints one line per check; exit status 1 when any fails.
"""
import ctypes, json, math, os, re, struct, sys, wave

WINDOW = 0.02            # s, for the voiced-window measure
VOICED = 328             # RMS of a window counted as voiced: 1 % of full scale

def synthesize(text, voice, rate):
    """(samples, sample rate) of `text` spoken by libespeak-ng with `voice` at `rate` words/min."""
    lib = ctypes.CDLL("libespeak-ng.so.1")
    if not hasattr(synthesize, "rate"):
        synthesize.rate = lib.espeak_Initialize(2, 0, None, 0)   # AUDIO_OUTPUT_SYNCHRONOUS
    out = []
    CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)
    def collect(wav, n, events):
        if wav and n > 0: out.extend(wav[:n])
        return 0
    cb = CALLBACK(collect)
    lib.espeak_SetSynthCallback(cb)
    lib.espeak_SetVoiceByName(voice.encode())
    lib.espeak_SetParameter(1, rate, 0)     # espeakRATE
    data = text.encode()
    lib.espeak_Synth(data, len(data) + 1, 0, 1, 0, 1, None, None)   # POS_CHARACTER, espeakCHARS_UTF8
    lib.espeak_Synchronize()
    return out, synthesize.rate

def windows(samples, rate):
    """RMS of each WINDOW-long stretch."""
    n = max(1, int(rate * WINDOW))
    return [math.sqrt(sum(s * s for s in samples[i:i + n]) / n) for i in range(0, len(samples) - n + 1, n)]

def voiced(samples, rate):
    """(seconds voiced, RMS over the voiced windows)."""
    w = [r for r in windows(samples, rate) if r > VOICED]
    return len(w) * WINDOW, (math.sqrt(sum(r * r for r in w) / len(w)) if w else 0.0)

def expected(work):
    """The headless replay's utterances [(text, language)] and, per step, how many were said by its end."""
    steps = [line.split(" ", 3) for line in open(os.path.join(work, "steps.txt")).read().splitlines() if line]
    starts = [float(s[1]) for s in steps]
    report = json.load(open(os.path.join(work, "expected-report.json")))
    speech = report.get("speech", [])
    # The report's times count from the recording's first event, the first step's start.
    counts = [sum(1 for a in speech if a["time"] + starts[0] < (starts[k + 1] if k + 1 < len(starts) else 1e18))
              for k in range(len(starts))]
    return [(a["text"], a["language"]) for a in speech], counts

def said_lines(log):
    said = []
    for line in log:
        m = re.search(r" said (.*)$", line)
        if not m: continue
        meta = dict(re.findall(r"(\w+)=(.*?)(?= \w+=|$)", m.group(1)))
        said.append((meta.get("text", ""), meta.get("language", ""), int(meta.get("duration_ms", "0"))))
    return said

def main():
    if sys.argv[1] == "--expected-counts":
        utterances, counts = expected(sys.argv[2])
        if len(utterances) < 2 or counts[1] < 1:
            sys.exit("the headless replay of the touches said %d utterances, none after the Speech switch: the button "
                     "positions in Tests/VM/make_speech_touches.py no longer match the layout" % len(utterances))
        print(" ".join(str(c) for c in counts))
        return
    work, rate = sys.argv[1], int(sys.argv[2])
    failures = []
    def check(ok, text):
        print(("ok   " if ok else "FAIL ") + text)
        if not ok: failures.append(text)
    results = open(os.path.join(work, "results.txt")).read()
    utterances, counts = expected(work)
    check("start settled" in results, "the kiosk started and settled")
    for k, count in enumerate(counts, start=1):
        m = re.search(r"step %d frames=(\d*) said=(\d+) expected=(\d+)" % k, results)
        check(m is not None and "step %d not settled" % k not in results and m.group(2) == m.group(3),
              "step %d: the kiosk read its touches and had said %s utterances, as the replay (%d)"
              % (k, m.group(2) if m else "?", count))
    def phase(name):
        try: return json.load(open(os.path.join(work, name)))["phase"]
        except (OSError, ValueError, KeyError): return "none"
    check(phase("status-step1.json") == "accessibility", "the tap on the accessibility button opened the card (%s)" % phase("status-step1.json"))
    last = "status-step%d.json" % len(counts)
    check(phase(last) == "browsing", "the double-tap on the focused Close closed the card (%s)" % phase(last))
    check("said after plug" in results, "the headset jack's plug (uinput SW_HEADPHONE_INSERT) was followed by one more announcement")
    check(re.search(r"run rc=0\b", results) is not None, "SIGTERM: exit status 0 (" + (re.findall(r"run rc=\d+", results) or ["none"])[0] + ")")
    log = open(os.path.join(work, "run.err"), errors="replace").read().splitlines()
    said = said_lines(log)
    live = [(t, l) for t, l, _ in said[:len(utterances)]]
    check(live == utterances, "the touches made the kiosk say the replay's %d utterances, in order" % len(utterances))
    for (text, language), got in zip(utterances, live + [None] * len(utterances)):
        print("     %-5s %s%s" % (language, text, "" if got == (text, language) else "   <- said: %r" % (got,)))
    plug = [i for i, l in enumerate(log) if "headset plugged in" in l]
    check(bool(plug) and any(" said " in l for l in log[plug[0]:]),
          "the kiosk logged the headset plugged in, and said something after it")
    check(not any("speech failed" in l for l in log), "no speech failure logged")
    voices = {"en": "en", "de": "de", "es": "es", "ar": "ar", "zh": "cmn"}
    reference_voiced, reference_seconds, reference_rms = 0.0, 0.0, []
    for text, language, ms in said:
        samples, srate = synthesize(text, voices.get(language, "en"), rate)
        v, r = voiced(samples, srate)
        reference_voiced += v; reference_seconds += len(samples) / srate; reference_rms.append(r)
        check(abs(ms / 1000 - len(samples) / srate) <= 0.2 * len(samples) / srate + 0.05,
              "logged %d ms for %r; the reference is %.0f ms" % (ms, text[:40], 1000 * len(samples) / srate))
    with wave.open(os.path.join(work, "capture.wav")) as w:
        check(w.getnchannels() == 1 and w.getsampwidth() == 2, "capture is mono 16-bit (%d ch, %d bytes)" % (w.getnchannels(), w.getsampwidth()))
        crate = w.getframerate()
        frames = w.readframes(w.getnframes())
    capture = list(struct.unpack("<%dh" % (len(frames) // 2), frames[:len(frames) // 2 * 2]))
    seconds = len(capture) / crate
    cv, cr = voiced(capture, crate)
    floor = 0.5 * min(reference_rms) if reference_rms else 1e9
    print("     capture %.1f s at %d Hz, voiced %.2f s at RMS %.0f; references voiced %.2f s of %.2f s, RMS >= %.0f"
          % (seconds, crate, cv, cr, reference_voiced, reference_seconds, min(reference_rms or [0])))
    check(cr >= floor, "the capture is not silent: voiced RMS %.0f >= %.0f (half the quietest reference)" % (cr, floor))
    check(0.7 * reference_voiced <= cv <= 1.3 * reference_voiced + 0.2,
          "voiced length %.2f s matches the %d utterances logged (%.2f s voiced in their references, ±30 %%)"
          % (cv, len(said), reference_voiced))
    sys.exit(1 if failures else 0)

main()
