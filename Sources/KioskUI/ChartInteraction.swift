// ChartInteraction lands here.
