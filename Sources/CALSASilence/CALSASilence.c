#include "CALSASilence.h"
#include <alsa/asoundlib.h>

// The handler type is variadic, which Swift cannot express: hence this C target.
static void ignore(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void peach_alsa_silence_library_errors(void) {
    snd_lib_error_set_handler(ignore);
}
