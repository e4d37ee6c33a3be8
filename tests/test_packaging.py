"""The project as a wheel: built from pyproject.toml, installed in a fresh venv away from the
checkout, it serves the site (templates, hashed static files, the compiled engine)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

from tests.support import free_port

ROOT = Path(__file__).resolve().parent.parent


def requirement_name(line: str) -> str:
    return re.split(r"[\[<>=!~ ;]", line.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_pyproject_and_requirements_name_the_same_runtime_packages():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pinned = [line for line in (ROOT / "requirements.txt").read_text().splitlines()
              if line.strip() and not line.startswith(("#", "-"))]
    assert {requirement_name(d) for d in declared} == {requirement_name(p) for p in pinned}


def test_every_python_package_of_the_site_is_in_the_wheel():
    """A new domain folder left out of pyproject.toml's list installs nothing of it (the
    ratings' first wheel could not migrate): every folder with an __init__.py is named."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"])
    for top in ("puzzles", "queensgame", "generator_ext"):
        for init in (ROOT / top).rglob("__init__.py"):
            name = ".".join(init.parent.relative_to(ROOT).parts)
            assert name in listed, f"{name} is not in pyproject.toml's packages"


def test_a_wheel_installed_in_a_fresh_venv_serves_the_site(tmp_path):
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                            str(tmp_path / "wheels"), str(ROOT)], check=True,
                           capture_output=True, text=True)
    # make install builds the same way: no warning a newcomer cannot act on (every folder of
    # data files named in pyproject.toml, or some 250 lines of "Package would be ignored").
    assert "warning" not in (built.stdout + built.stderr).lower(), built.stderr[-3000:]
    wheel = next((tmp_path / "wheels").glob("queens-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "queensgame/templates/base.html" in names
    assert "queensgame/static/js/game.js" in names and "queensgame/gunicorn_conf.py" in names
    assert "puzzles/migrations/0001_initial.py" in names
    assert "puzzles/management/commands/ensure_pools.py" in names
    assert any(re.match(r"generator_ext/_solver\..*\.so$", n) for n in names)
    assert "queensgame/settings/production.py" in names and "puzzles/play/services/play.py" in names
    # Tooling stays in the repository: no benchmark, no test helper in the product.
    assert not [n for n in names if "bench" in n or n.startswith(("tests/", "benchmarks/"))]

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin/pip"), "install", "--quiet", str(wheel)], check=True,
                   capture_output=True)
    site = tmp_path / "site"  # away from the checkout: nothing is imported from it
    site.mkdir()
    port = free_port()
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "DATABASE_URL", "REDIS_URL", "CELERY_QUEUE")}
    env.update(DJANGO_SETTINGS_MODULE="queensgame.settings", DEBUG="0",
               SECRET_KEY="wheel-test-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFG",
               SECURE_SSL_REDIRECT="0", GUNICORN_BIND=f"127.0.0.1:{port}",
               GUNICORN_WORKERS="1", PATH=f"{venv / 'bin'}:{os.environ['PATH']}")

    def manage(*args):
        result = subprocess.run(["queens-manage", *args], cwd=site, env=env,
                                capture_output=True, text=True)
        assert result.returncode == 0, (args, result.stderr[-2000:])

    manage("migrate", "--noinput")
    manage("createcachetable")
    manage("collectstatic", "--noinput")
    manage("generate_levels", "--size", "6", "--count", "2", "--seed", "1")
    assert (site / "var" / "db.sqlite3").is_file()  # var/ in the working directory
    server = subprocess.Popen(["gunicorn", "-c", "python:queensgame.gunicorn_conf",
                               "queensgame.asgi"], cwd=site, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        home = None
        for _ in range(300):
            try:
                home = urllib.request.urlopen(base + "/", timeout=2).read().decode()
                break
            except OSError:
                if server.poll() is not None:
                    break  # it stopped: its log says why
                time.sleep(0.1)
        assert home is not None, "the wheel's site never answered: " + (
            server.communicate(timeout=20)[1].decode()[-3000:] if server.poll() is not None
            else "still starting after 30 s")
        assets = re.findall(r'src="(/static/js/[^"]+)"', home)
        assert assets and all(re.search(r"\.[0-9a-f]{12}\.js$", a) for a in assets)
        for asset in assets:
            assert urllib.request.urlopen(base + asset, timeout=5).status == 200
        level = urllib.request.urlopen(base + "/api/levels/6/", timeout=5).read().decode()
        assert '"size":6' in level and '"solution"' not in level
    finally:
        server.terminate()
        server.wait(timeout=20)
