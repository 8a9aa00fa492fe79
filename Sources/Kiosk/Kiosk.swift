// Kiosk
