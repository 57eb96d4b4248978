"""python -m pipeline.cli: the handlens command."""
import sys

from pipeline.cli.main import main

sys.exit(main())
