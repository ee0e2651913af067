"""The window (arcade).  The only package that imports arcade or pyglet.

``scene`` turns a table into drawing primitives without importing arcade, so what is
drawn can be tested headless and reused by other back ends; ``app`` draws them.
"""
