print("replay-bench")
