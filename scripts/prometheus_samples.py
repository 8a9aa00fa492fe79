#!/usr/bin/env python3
"""Parses Prometheus text format (0.0.4) from stdin with prometheus_client's own parser
(prometheus_client.parser.text_string_to_metric_families) and prints one JSON document:
{"families": {name: type}, "samples": [{"name": ..., "labels": {...}, "value": ...}]}.
The tests run it with the test venv's python (scripts/test-venv.sh); a document the parser
refuses exits 1 with its error."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

text = sys.stdin.read()
families, samples = {}, []
try:
    for family in text_string_to_metric_families(text):
        families[family.name] = family.type
        for s in family.samples:
            samples.append({"name": s.name, "labels": dict(s.labels), "value": s.value})
except Exception as error:  # the parser's own error: say what and exit non-zero
    print(f"prometheus_client refused the text: {error!r}", file=sys.stderr)
    sys.exit(1)
json.dump({"families": families, "samples": samples}, sys.stdout, sort_keys=True)
