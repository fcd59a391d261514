"""Tests of the companion notebooks in notebooks/."""
