"""Built-in episode plugins (each registers through the distant_galaxy.plugins entry points)."""
