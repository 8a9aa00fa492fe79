// TouchInput
