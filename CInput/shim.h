// libinput and libudev: touch events and device discovery. Only includes.
#include <libinput.h>
#include <libudev.h>
