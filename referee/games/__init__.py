"""One package per game, each pure rules: none imports Flask or sqlite-utils."""
