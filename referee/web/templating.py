"""Finding templates: the project's templates/, then each game's own folder (META.templates)."""

from __future__ import annotations

from collections.abc import Callable

from jinja2 import BaseLoader, Environment, FileSystemLoader, TemplateNotFound

from referee.games import registry


class GameTemplates(BaseLoader):
    """Templates named <key>/... from the folder a game package keeps them in; the registry is
    asked on every lookup, so a game registered after the app was built is found too."""

    def get_source(self, environment: Environment,
                   template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        key, _, _rest = template.partition("/")
        folder = registry.templates_dir(key)
        if folder is None:
            raise TemplateNotFound(template)
        return FileSystemLoader(str(folder)).get_source(environment, template)
