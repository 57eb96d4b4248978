"""python -m pipeline.cli: the handlens command."""
import sys

from pipeline.cli.main import program

sys.exit(program())
