"""`python -m kaisen` runs the command line."""
from kaisen.cli import main

main()
