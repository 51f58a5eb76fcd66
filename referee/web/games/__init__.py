"""The games' own web faces, one package per game key (referee/web/games/<key>/), each
exporting `WEB = WebParts(...)` (referee/web/hooks.py finds it through the game's META.web)."""
