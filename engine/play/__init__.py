"""Playing: controllers (people and bots), the session runner, logs, saves and the text views."""
