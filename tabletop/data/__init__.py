"""Reading and validating the TOML data files (scenarios, rosters, templates)."""
