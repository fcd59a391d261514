"""Tests of the playing strategies used by the notebooks (solitaire_widget.strategies)."""
