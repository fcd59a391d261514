"""Tests of the text and SVG pictures (solitaire_widget.pictures)."""
