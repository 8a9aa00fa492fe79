#!/usr/bin/env bash
# The Python packages the tests use, in .venv/ (shared with scripts/bench.sh): prometheus-client,
# whose text-format parser reads the /metrics the box office and the kiosk serve
# (scripts/prometheus_samples.py), and pycairo, which renders ExactnessTests' random scenes
# (scripts/cairo_reference.py; it builds against libcairo2-dev). Created once, reused; `make test`
# runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import prometheus_client, cairo" 2>/dev/null; then
    echo "== installing the test packages into $VENV"
    "$VENV/bin/pip" install --quiet -r scripts/test-requirements.txt
fi
