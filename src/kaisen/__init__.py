"""kaisen: WWII Pacific naval board wargames as rule-enforcing software."""

__version__ = "0.1.0"
