#ifndef PEACH_CALSA_SILENCE_H
#define PEACH_CALSA_SILENCE_H

/// Stops the ALSA library from printing its own diagnostics ("ALSA lib confmisc.c:855 …") on
/// standard error; Peach reports a failed device itself, in one sentence.
void peach_alsa_silence_library_errors(void);

#endif
