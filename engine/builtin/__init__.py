"""The engine's own features written as plugins of the public hooks, as a third party would."""
