#!/usr/bin/env python
"""Django's command-line utility for administrative tasks (installed as `queens-manage`)."""

from queensgame.cli import main

if __name__ == "__main__":
    main()
