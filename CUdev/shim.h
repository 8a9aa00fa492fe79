// libudev: device enumeration and netlink monitors, owned in Swift by the Udev module only.
#include <libudev.h>
