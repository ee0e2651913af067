"""The geometry core: pure functions over immutable values and numpy arrays.

One module per kind of operation, as in shapely: ``angles`` (compass arithmetic),
``pose`` (ship frames), ``outlines`` (bases and hulls), ``sectors`` (points of sail),
``arcs`` (broadsides, quadrants, range bands), ``lof`` (line of fire by rays),
``rake`` (bow and stern rake zones), ``motion`` (paths and first contact) and
``measure`` (distances and bearings).  Nothing here imports a drawing library.
"""
