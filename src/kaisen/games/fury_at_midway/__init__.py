"""Fury at Midway (Nakaguro / Revolution Games): rules data for now; see RULES.md."""
