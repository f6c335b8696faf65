"""arraykit (under construction)."""
