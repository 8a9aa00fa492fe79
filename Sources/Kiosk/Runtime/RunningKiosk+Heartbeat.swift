import Foundation

extension RunningKiosk {
    /// The kiosk's state now, as its heartbeat says it.
    var heartbeat: KioskHeartbeat {
        let code = session.outOfServiceCode ?? serviceCode
        let state: KioskHeartbeat.State = !configuration.boxOfficeConfigured ? .standalone : code == nil ? .inService : .outOfService
        return KioskHeartbeat(state: state, code: state == .outOfService ? code : nil, display: !display.isDisconnected,
                              touch: touch != nil, intervalSeconds: max(1, Int(configuration.boxOffice.heartbeatInterval.rounded(.up))))
    }

    /// Sends a heartbeat now and then every `box_office.heartbeat_interval` seconds (0: never),
    /// from a loop timer; needs the bridge (`connectBridge`).
    func startHeartbeats() throws {
        let interval = configuration.boxOffice.heartbeatInterval
        guard interval > 0, let link = boxOffice else { return }
        let sender = HeartbeatSender(connection: link.client.connection, logger: logger)
        heartbeats = sender
        let timer = try LoopTimer(loop: loop) { [unowned self] in sender.send(self.heartbeat) }
        timer.arm(after: interval, repeating: interval)
        heartbeatTimer = timer
        sender.send(heartbeat)
    }
}
