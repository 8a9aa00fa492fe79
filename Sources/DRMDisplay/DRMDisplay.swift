// DRMDisplay
