import Displays
import Geometry
import Raster

/// The kiosk's DRM/KMS output: the shadow is the surface, page flips are the frames, the
/// card's fd (page-flip events) and the hotplug monitor's (after `followHotplug`) are the
/// descriptors to watch.
extension DRMPresenter: Display {
    public var surface: Surface { shadow }
    public var deviceSize: (width: Int, height: Int) { (output.mode.width, output.mode.height) }

    /// The connector's size from EDID, mm; nil when it reports 0 (projectors, virtual outputs).
    public var physicalSize: Size? {
        let c = output.connector
        guard c.widthMillimetres > 0, c.heightMillimetres > 0 else { return nil }
        return Size(width: Double(c.widthMillimetres), height: Double(c.heightMillimetres))
    }

    public var summary: String {
        "\(card.path) \(output.connector.name) \(output.mode) rotation \(rotation.rawValue) \(path.rawValue)"
    }

    public var eventDescriptors: [Int32] {
        [fd] + (hotplug.map { [$0.monitor.fileDescriptor] } ?? [])
    }

    public func handleEvents(on descriptor: Int32) throws -> DisplayChange {
        if descriptor == fd {
            try dispatchEvents()
            return .none
        }
        guard let hotplug, descriptor == hotplug.monitor.fileDescriptor, hotplug.monitor.readEvents() else { return .none }
        return try refreshAfterHotplug(mode: hotplug.mode)
    }
}
