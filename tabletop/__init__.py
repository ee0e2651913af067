"""Tabletop: exact rulings for Age-of-Sail naval miniatures on a free-form table.

The package is a pure, headless core (geometry, rules, data, command line); only
``tabletop.view`` imports the window stack (arcade/pyglet).
"""

__version__ = "0.1.0"
