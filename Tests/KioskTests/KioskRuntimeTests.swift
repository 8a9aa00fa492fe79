import Geometry
import Testing
@testable import Kiosk

/// The runtime's pure decisions (the loop itself runs on a real kernel in the VM tests).
@Suite struct KioskRuntimeTests {
    /// Pixels per millimetre of glass: libinput's panel size first, then the configuration, then
    /// the connector's EDID size, then 96 dpi — all along the device's x axis.
    @Test func gestureThresholdsFollowTheBestKnownPanelSize() {
        var configuration = KioskConfiguration()
        let device = (1920, 1080)
        // Nothing known: 96 dpi.
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: nil) == 96 / 25.4)
        // EDID: a 527 × 296 mm monitor.
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (527, 296)) == 1920 / 527.0)
        // EDID of 0 × 0 (projectors, virtual outputs) means unknown.
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (0, 0)) == 96 / 25.4)
        // The configuration beats EDID; a height alone is used along y.
        configuration.touch.heightMM = 270
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (527, 296)) == 1080 / 270.0)
        configuration.touch.widthMM = 480
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: nil, edid: (527, 296)) == 1920 / 480.0)
        // A touchscreen reporting its size (axis resolution) beats everything.
        let panel = Size(width: 476.6, height: 268.1)
        #expect(KioskRuntime.pixelsPerMillimetre(configuration, device: device, touchPanel: panel, edid: (527, 296)) == 1920 / 476.6)
    }
}
