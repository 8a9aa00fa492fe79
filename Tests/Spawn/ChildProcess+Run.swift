import Foundation

extension ChildProcess {
    /// A program run to its end: how it ended and everything it wrote to the pipes it was given.
    public struct Completed: Sendable {
        public var termination: Termination
        /// Its standard output (empty unless `output` was `.pipe`).
        public var output: [UInt8]
        /// Its standard error (empty unless `error` was `.pipe`).
        public var errors: [UInt8]

        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// Runs `executable` to its end, feeding it `input` (nil: /dev/null) and collecting its output
    /// and errors together (poll on every pipe, so neither can fill and stall it).
    public static func run(_ executable: String, _ arguments: [String] = [], input: [UInt8]? = nil,
                           output: Output = .pipe, error: Output = .pipe, directory: String? = nil) throws(SpawnError) -> Completed {
        let child = try ChildProcess(executable, arguments, input: input == nil ? .null : .pipe, output: output, error: error,
                                     directory: directory)
        var streams = StreamPump(input: input ?? [], to: child.standardInput?.fileDescriptor,
                                 from: [child.standardOutput?.fileDescriptor, child.standardError?.fileDescriptor])
        try streams.run(executable: executable) { child.closeStandardInput() }
        return Completed(termination: child.wait(), output: streams.received[0], errors: streams.received[1])
    }

    /// Reads `handle` to end of file (the child's output when it is run in the background).
    public static func readToEnd(_ handle: FileHandle?) -> [UInt8] {
        guard let handle else { return [] }
        return (try? handle.readToEnd()).map { Array($0) } ?? []
    }
}

/// Feeds one pipe and drains up to two others, with poll, until every one is done.
struct StreamPump {
    private var pending: ArraySlice<UInt8>
    private var input: Int32?
    private var outputs: [Int32?]
    private(set) var received: [[UInt8]]

    init(input: [UInt8], to descriptor: Int32?, from descriptors: [Int32?]) {
        pending = input[...]
        self.input = descriptor
        outputs = descriptors
        received = descriptors.map { _ in [] }
        if let descriptor { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    }

    /// Pumps until the input is written and every output has reached end of file; `closeInput`
    /// closes the input's descriptor (it belongs to the caller) once nothing more goes in.
    mutating func run(executable: String, closeInput: () -> Void) throws(SpawnError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var inputOpen = input != nil
        defer { if inputOpen { closeInput() } }
        while input != nil || outputs.contains(where: { $0 != nil }) {
            if input != nil && pending.isEmpty { finishInput() }
            if inputOpen && input == nil { inputOpen = false; closeInput() }
            var polled = [pollfd]()
            if let input { polled.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            for case let fd? in outputs { polled.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            if polled.isEmpty { break }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 else {
                if errno == EINTR { continue }
                throw SpawnError(executable: executable, operation: "poll", code: errno)
            }
            for entry in polled where entry.revents != 0 {
                if entry.fd == input { write(entry) } else { read(entry.fd, into: &buffer) }
            }
        }
    }

    private mutating func write(_ entry: pollfd) {
        let written = pending.withUnsafeBytes { Glibc.write(entry.fd, $0.baseAddress, $0.count) }
        if written > 0 { pending = pending.dropFirst(written) } else if written < 0 && errno != EAGAIN && errno != EINTR { finishInput() }
    }

    /// The child stopped reading (EPIPE) or everything is written: nothing more goes in.
    private mutating func finishInput() {
        pending = []
        input = nil
    }

    private mutating func read(_ fd: Int32, into buffer: inout [UInt8]) {
        guard let index = outputs.firstIndex(of: fd) else { return }
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count > 0 { received[index] += buffer[..<count] } else if count == 0 || (errno != EINTR && errno != EAGAIN) { outputs[index] = nil }
    }
}
