"""SPEC §1 conventions: units, headings, wind, relative wind, sector boundaries."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tabletop.common.units import convert, parse_length
from tabletop.geometry.angles import bearing, normalise, relative_wind, wind_side, wrap
from tabletop.geometry.sectors import classify


@pytest.mark.parametrize(
    "text, unit, expected",
    [
        ("60mm", "cm", 6.0),  # 60 mm = 6 cm
        ("6 cm", "cm", 6.0),
        ("2.5in", "cm", 6.35),  # 2.5 × 2.54
        ('2.5"', "in", 2.5),
        ("25.4mm", "in", 1.0),  # 25.4 mm = 1 in
        (12, "in", 12.0),  # bare numbers are in the file's unit
        (7.5, "cm", 7.5),
    ],
)
def test_lengths_with_units(text, unit, expected):
    assert parse_length(text, unit) == pytest.approx(expected)


@pytest.mark.parametrize("bad", ["6 furlongs", "", "cm", True, [6], None, "6 cm cm"])
def test_bad_lengths_say_why(bad):
    with pytest.raises(ValueError):
        parse_length(bad, "cm")


def test_convert_round_trip():
    assert convert(convert(17.3, "cm", "in"), "in", "cm") == pytest.approx(17.3)


@pytest.mark.parametrize(
    "deg, norm, wrapped",
    [
        (0, 0, 0),
        (360, 0, 0),
        (-90, 270, -90),
        (180, 180, 180),
        (-180, 180, 180),
        (540, 180, 180),
        (190, 190, -170),
        (725, 5, 5),
    ],
)
def test_normalise_and_wrap(deg, norm, wrapped):
    assert normalise(float(deg)) == pytest.approx(norm)
    assert wrap(float(deg)) == pytest.approx(wrapped)


@pytest.mark.parametrize(
    "wind, heading, theta, side",
    [
        (0, 120, 120, "port"),  # SPEC §5: wrap(0 − 120) = −120 → port
        (0, 240, 120, "starboard"),  # wrap(0 − 240) = wrap(−240) = 120
        (0, 0, 0, "ahead"),
        (0, 180, 180, "astern"),
        (45, 90, 45, "port"),  # NE wind, heading E: wrap(−45)
        (315, 0, 45, "port"),  # NW wind, heading N: wrap(315) = −45
    ],
)
def test_relative_wind_and_side(wind, heading, theta, side):
    assert relative_wind(float(wind), float(heading)) == pytest.approx(theta)
    assert wind_side(float(wind), float(heading)) == side


def test_sector_boundaries_closed_below_open_above():
    lowers = [0, 60, 90, 150]  # trafalgar-modified
    got = classify(np.array([0, 59.999, 60, 89.99, 90, 149.9, 150, 180]), lowers)
    assert list(got) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_bearing_is_compass():
    assert bearing(0.0, 1.0) == pytest.approx(0)  # north
    assert bearing(1.0, 0.0) == pytest.approx(90)  # east
    assert bearing(0.0, -1.0) == pytest.approx(180)
    assert bearing(-1.0, 0.0) == pytest.approx(270)
    # SPEC §5: from (30, 30) to (45, 32): atan2(15, 2) in compass degrees
    assert bearing(15.0, 2.0) == pytest.approx(math.degrees(math.atan2(15, 2)))


def test_floating_point_noise_does_not_cross_a_boundary():
    # 1e-14 off the wind is dead ahead, from either side; 60 − 1e-13 is still 60: beating
    assert wind_side(1.6e-14, 0.0) == wind_side(360 - 1.6e-14, 0.0) == "ahead"
    assert relative_wind(0.0, 60 - 1e-13) == 60
    assert classify(relative_wind(0.0, 300 + 1e-13), [0, 60, 90, 150]) == 1
