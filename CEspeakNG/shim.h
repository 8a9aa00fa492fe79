// libespeak-ng: text to speech, synthesized into the caller's buffers (synchronous output).
// Only includes; espeak_ng.h brings speak_lib.h (the callback, events, voices, parameters).
#include <stddef.h>
#include <wchar.h>
#include <espeak-ng/espeak_ng.h>
