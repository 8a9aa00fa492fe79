import Foundation
import Spawn

/// Prometheus text format read by prometheus_client's parser (PyPI), not by ours: the test venv's
/// python runs scripts/prometheus_samples.py on the text (`scripts/test-venv.sh` makes the venv).
public struct PrometheusText: Sendable {
    /// One sample line as the parser read it.
    public struct Sample: Sendable, Equatable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    /// Why the text could not be read: the parser's message, or how to make the venv.
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Metric family name (without `_total`, as the parser names counters) → type.
    public var families: [String: String]
    public var samples: [Sample]

    public init(parsing text: String) throws {
        let python = PackagePaths.path(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ParseError(description: "\(python) missing: run scripts/test-venv.sh (make test does)")
        }
        let run = try ChildProcess.run(python, [PackagePaths.path("scripts/prometheus_samples.py")],
                                       input: Array(text.utf8))
        guard run.termination.succeeded,
              let document = try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any],
              let families = document["families"] as? [String: String], let samples = document["samples"] as? [[String: Any]] else {
            throw ParseError(description: "scripts/prometheus_samples.py: \(run.termination): \(run.errorText)")
        }
        self.families = families
        self.samples = samples.map {
            Sample(name: $0["name"] as? String ?? "", labels: $0["labels"] as? [String: String] ?? [:],
                   value: ($0["value"] as? NSNumber)?.doubleValue ?? .nan)
        }
    }

    /// The value of the sample named `name` whose labels include `labels`; nil when none is.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }?.value
    }
}
