"""TF shim (under construction)."""
