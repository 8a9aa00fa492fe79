// chart-bench: the chart renderer at display rate (issue #13). Filled in by the chart work.
print("chart-bench: not yet written")
