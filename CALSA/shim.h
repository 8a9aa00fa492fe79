// alsa-lib: PCM playback (snd_pcm_open, snd_pcm_set_params, snd_pcm_writei, snd_pcm_recover,
// snd_pcm_drain) and snd_strerror for messages. Only includes.
#include <errno.h>
#include <alsa/asoundlib.h>

// alsa-lib prints its own errors to stderr; the Speech module reports them as typed errors
// instead, so it installs this handler that drops them (a variadic C function Swift cannot write).
static inline void tribune_alsa_ignore_error(const char *file, int line, const char *function, int err,
                                             const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void tribune_alsa_silence_library_errors(void) {
    snd_lib_error_set_handler(tribune_alsa_ignore_error);
}
