// libqrencode: QR code symbols from strings (the receipt's order code). Only includes.
#include <errno.h>
#include <qrencode.h>
