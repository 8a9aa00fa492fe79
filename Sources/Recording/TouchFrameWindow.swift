import Gestures

/// Cuts a window [from, to] (s, the recording's time) out of a frame stream. Touches already
/// down at `from` begin there (one synthesized frame at `from` with them as `.began` at their
/// positions); touches still down at `to` are cancelled there (so no tap or fling comes from
/// a cut gesture). Frames keep their original timestamps.
public enum TouchFrameWindow {
    public static func apply(_ frames: [TouchFrame], from: Double?, to: Double?) -> [TouchFrame] {
        let start = from ?? -Double.infinity, end = to ?? Double.infinity
        var out: [TouchFrame] = []
        var down: [TouchFrame.Touch] = []   // sorted by id
        var started = from == nil
        for frame in frames {
            if frame.timestamp < start {
                update(&down, with: frame)
                continue
            }
            if frame.timestamp > end { break }
            if !started {
                started = true
                if !down.isEmpty {
                    out.append(TouchFrame(timestamp: start, touches: down.map { .init(id: $0.id, location: $0.location, phase: .began) }))
                }
            }
            // Touches that began before the window and are not yet announced cannot exist here.
            out.append(frame)
            update(&down, with: frame)
        }
        if !started && !down.isEmpty && start.isFinite {
            out.append(TouchFrame(timestamp: start, touches: down.map { .init(id: $0.id, location: $0.location, phase: .began) }))
        }
        if to != nil, !down.isEmpty, let last = out.last?.timestamp {
            out.append(TouchFrame(timestamp: max(end, last), touches: down.map { .init(id: $0.id, location: $0.location, phase: .cancelled) }))
        }
        return out
    }

    static func update(_ down: inout [TouchFrame.Touch], with frame: TouchFrame) {
        for t in frame.touches {
            let index = down.firstIndex { $0.id == t.id }
            switch t.phase {
            case .ended, .cancelled:
                if let i = index { down.remove(at: i) }
            default:
                if let i = index { down[i].location = t.location } else { down.append(t); down.sort { $0.id < $1.id } }
            }
        }
    }
}
