"""Which folders ``handlens watch`` watches: the rooms' clients' own, and the user's.

Each room declares where its client writes hand histories (``Room.client_folders``,
by system). Here those patterns become this machine's folders: on Windows the
environment's %LOCALAPPDATA%, %APPDATA% and %USERPROFILE%; on macOS the home folder;
on Linux the Windows folders inside each Wine prefix (``$WINEPREFIX``, ~/.wine, and
the prefixes of Lutris, Bottles and PlayOnLinux under the home folder). Only folders
that exist are watched by default.

The user's own folders are kept in ``handlens.toml`` in the user's config folder
(platformdirs; ``HANDLENS_CONFIG`` names another file):

    [watch]
    folders = ["D:/HH/Stars", "/mnt/share/hands"]
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

CONFIG_ENV = "HANDLENS_CONFIG"


class ConfigError(ValueError):
    """handlens.toml cannot be read, or says something it cannot mean."""


@dataclass(frozen=True)
class Folder:
    """A folder to watch, and why: a room's client's, or the config's."""

    path: Path
    source: str  # "PokerStars (client)", "handlens.toml"

    @property
    def exists(self) -> bool:
        return self.path.is_dir()


# ------------------------------------------------------------------ the user's config
def config_path() -> Path:
    if os.environ.get(CONFIG_ENV):
        return Path(os.environ[CONFIG_ENV])
    from platformdirs import user_config_path
    return user_config_path("handlens", appauthor=False) / "handlens.toml"


def _config() -> dict:
    import tomllib
    path = config_path()
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path} cannot be read: {exc}") from None


def configured() -> list[Path]:
    """The folders the config names (``[watch] folders``)."""
    folders = _config().get("watch", {}).get("folders", [])
    if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
        raise ConfigError(f"{config_path()}: [watch] folders must be a list of paths")
    return [Path(f) for f in folders]


def save(folders: list[Path]) -> Path:
    """Write the config's folders (the rest of the file kept); its path."""
    import tomli_w
    config = _config()
    config.setdefault("watch", {})["folders"] = [str(f) for f in folders]
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(config), "utf-8")
    return path


def add(paths: list[Path]) -> list[Path]:
    """The config's folders with ``paths`` added (absolute; each once), saved."""
    folders = configured()
    for p in paths:
        p = p.expanduser().absolute()
        if p not in folders:
            folders.append(p)
    save(folders)
    return folders


def remove(paths: list[Path]) -> list[Path]:
    gone = {p.expanduser().absolute() for p in paths}
    folders = [f for f in configured() if f not in gone and f not in paths]
    save(folders)
    return folders


# ------------------------------------------------------------------ the rooms' clients
# A Windows pattern's root: the environment variable naming it on Windows, and where it
# lies inside a Wine prefix ("~" a user's profile folder, else under drive_c)
_ROOTS = {"%LOCALAPPDATA%": ("LOCALAPPDATA", "~/AppData/Local"),
          "%APPDATA%": ("APPDATA", "~/AppData/Roaming"),
          "%USERPROFILE%": ("USERPROFILE", "~"),
          "%PROGRAMFILES%": ("ProgramFiles", "Program Files"),
          "%PROGRAMFILES(X86)%": ("ProgramFiles(x86)", "Program Files (x86)"),
          "C:\\": (None, "")}


def client_folders(system: str | None = None, env: dict[str, str] | None = None,
                   home: Path | None = None) -> list[Folder]:
    """Every room's client folders on this system (existing or not), in room order.
    A pattern's part from its first ``<placeholder>`` (an account's name) on is left
    off: the folder above it is watched, and everything under it."""
    from parsers.registry import rooms

    system = system or sys.platform
    env = dict(os.environ) if env is None else env
    home = home or Path.home()
    out: list[Folder] = []
    for room in rooms():
        source = f"{room.title} (client)"
        declared = room.client_folders
        if system.startswith("win"):
            paths = [_windows(p, env) for p in declared.get("windows", ())]
        elif system == "darwin":
            paths = [_home(p, home) for p in declared.get("darwin", ())]
        else:  # Linux and the like: a native client's folder, and Wine's
            paths = [_home(p, home) for p in declared.get("linux", ())]
            paths += [w for p in declared.get("windows", ()) for w in _in_wine(p, env, home)]
        out += [Folder(p, source) for p in paths if p is not None]
    return out


def _parts(rest: str) -> tuple[str, ...]:
    """A pattern's folders up to its first placeholder."""
    parts = PureWindowsPath(rest.lstrip("\\/")).parts if rest.strip("\\/") else ()
    cut = next((i for i, part in enumerate(parts) if "<" in part), len(parts))
    return parts[:cut]


def _split(pattern: str) -> tuple[str | None, tuple[str, ...]]:
    for root in _ROOTS:
        if pattern.upper().startswith(root.upper()):
            return root, _parts(pattern[len(root):])
    return None, _parts(pattern)


def _windows(pattern: str, env: dict[str, str]) -> Path | None:
    root, parts = _split(pattern)
    if root is None:
        return None
    var = _ROOTS[root][0]
    base = "C:\\" if var is None else env.get(var)
    return Path(base, *parts) if base else None


def _home(pattern: str, home: Path) -> Path:
    return home.joinpath(*_parts(pattern[2:])) if pattern.startswith("~/") else Path(pattern)


def _in_wine(pattern: str, env: dict[str, str], home: Path) -> list[Path]:
    """A Windows pattern's folders inside every Wine prefix found."""
    root, parts = _split(pattern)
    if root is None:
        return []
    inside = _ROOTS[root][1]
    out = []
    for prefix in wine_prefixes(env, home):
        drive = prefix / "drive_c"
        if inside == "~" or inside.startswith("~/"):
            bases = [u.joinpath(*inside[2:].split("/")) if inside != "~" else u
                     for u in _wine_users(drive)]
        else:
            bases = [drive / inside if inside else drive]
        out += [b.joinpath(*parts) for b in bases]
    return out


def wine_prefixes(env: dict[str, str], home: Path) -> list[Path]:
    """Every Wine prefix found: $WINEPREFIX, ~/.wine, and those of Lutris, Bottles and
    PlayOnLinux."""
    prefixes = [Path(env["WINEPREFIX"])] if env.get("WINEPREFIX") else []
    prefixes.append(home / ".wine")
    for parent in (home / "Games", home / ".var/app/com.usebottles.bottles/data/bottles/bottles",
                   home / ".local/share/bottles/bottles", home / ".PlayOnLinux/wineprefix"):
        try:
            prefixes += sorted(p for p in parent.iterdir() if (p / "drive_c").is_dir())
        except OSError:
            pass
    return [p for p in dict.fromkeys(prefixes) if (p / "drive_c").is_dir()]


def _wine_users(drive: Path) -> list[Path]:
    try:
        return sorted(u for u in (drive / "users").iterdir()
                      if u.is_dir() and u.name not in ("Public", "public"))
    except OSError:
        return []


def default_folders() -> list[Folder]:
    """What ``handlens watch`` watches when given no folder: the clients' folders that
    exist here, and the config's (existing or not: a network drive may come later)."""
    found = [f for f in client_folders() if f.exists]
    found += [Folder(p, "handlens.toml") for p in configured()]
    seen, out = set(), []
    for f in found:
        if f.path not in seen:
            seen.add(f.path)
            out.append(f)
    return out
