"""Docker cannot run here, so the compose stack and the image are checked as files: each
service's command, environment and dependencies against the settings and the commands."""

import re
from pathlib import Path

import yaml
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
APP = ("setup", "web", "reads", "worker", "beat")
EDGE_TEMPLATE = (ROOT / "nginx/nginx.conf.template").read_text()


def test_app_services_run_in_production_mode_with_a_required_key():
    for name in APP:
        env = SERVICES[name]["environment"]
        assert env["DEBUG"] == "0", name
        assert ":?" in env["SECRET_KEY"] and ":?" in env["ALLOWED_HOSTS"], name
        assert env["DATABASE_URL"].startswith("postgres://") and env["REDIS_URL"].startswith(
            "redis://redis:"), name


def test_dependencies_wait_for_healthy_services_and_the_setup():
    for name in ("db", "redis"):
        assert SERVICES[name]["healthcheck"]["test"], name
    for name in ("web", "reads", "worker", "beat"):
        deps = SERVICES[name]["depends_on"]
        assert deps["db"]["condition"] == deps["redis"]["condition"] == "service_healthy"
        assert deps["setup"]["condition"] == "service_completed_successfully"
    assert "setup" not in SERVICES["setup"]["depends_on"]


def test_restart_policies():
    assert SERVICES["setup"]["restart"] == "no"
    for name in ("db", "redis", "web", "reads", "worker", "beat"):
        assert SERVICES[name]["restart"] == "unless-stopped", name


def test_commands_are_the_projects_own():
    setup = SERVICES["setup"]["command"]
    for command in re.findall(r"manage\.py (\w+)", setup):
        assert command in get_commands(), command
    assert "migrate" in setup and "ensure_pools" in setup
    assert SERVICES["web"]["command"] == (
        "gunicorn -c python:queensgame.gunicorn_conf queensgame.asgi")
    assert "GUNICORN_WORKERS" in SERVICES["web"]["environment"]
    assert "celery -A queensgame worker" in SERVICES["worker"]["command"]
    assert "${WORKER_CONCURRENCY" in SERVICES["worker"]["command"]
    assert SERVICES["beat"]["command"].startswith("celery -A queensgame beat")
    assert "/readyz" in " ".join(SERVICES["web"]["healthcheck"]["test"])
    # The reads' pool is the same app server, on its own.
    assert SERVICES["reads"]["command"] == SERVICES["web"]["command"]
    assert SERVICES["reads"]["healthcheck"] == SERVICES["web"]["healthcheck"]
    assert "GUNICORN_WORKERS" in SERVICES["reads"]["environment"]


def test_every_setting_is_in_env_example():
    settings_py = "".join(path.read_text() for path in (ROOT / "queensgame/settings").glob("*.py")
                          if path.name != "test.py")  # the test run's own, not an operator's
    settings_py += (ROOT / "queensgame/gunicorn_conf.py").read_text()
    settings_py += (ROOT / "queensgame/server.py").read_text()
    read = set(re.findall(r'(?:os\.environ\.get|env_list|env\.\w+|Env\(\)\.\w+)\("([A-Z_]+)"',
                          settings_py))
    read |= set(re.findall(r'os\.environ\["([A-Z_]+)"\]', settings_py))
    assert {"SECRET_KEY", "DATABASE_URL", "DEBUG", "QUEENS_POST_RATE"} <= read  # the regex works
    listed = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    assert read - listed == set()
    compose_vars = set(re.findall(r"\$\{([A-Z_]+)", (ROOT / "docker-compose.yml").read_text()))
    assert compose_vars - listed == set()
    in_readme = set(re.findall(r"`([A-Z][A-Z_]+)`", (ROOT / "README.md").read_text()))
    assert listed - in_readme == set()  # the operator's table names every one


def test_the_runtime_image_has_no_compiler_and_runs_as_a_user():
    dockerfile = (ROOT / "Dockerfile").read_text()
    runtime = dockerfile.split("\nFROM ")[-1]
    assert "gcc" not in runtime and "USER queens" in runtime
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".venv", "var", ".git"} <= set(ignored)


def test_the_edge_is_the_only_published_port_and_the_one_proxy_the_app_believes():
    published = {name for name, service in SERVICES.items() if service.get("ports")}
    assert published == {"edge"}  # gunicorn's own port is reachable only through the edge
    assert SERVICES["web"]["environment"]["TRUSTED_PROXIES"] == "${TRUSTED_PROXIES:-1}"
    assert SERVICES["edge"]["environment"]["QUEENS_UPSTREAM"] == "web:8000"
    assert SERVICES["edge"]["environment"]["QUEENS_READ_UPSTREAM"] == "reads:8000"
    for name in ("web", "reads"):
        assert SERVICES["edge"]["depends_on"][name]["condition"] == "service_healthy"
    assert SERVICES["reads"]["environment"]["TRUSTED_PROXIES"] == "${TRUSTED_PROXIES:-1}"
    # The writes yield the cores to the reads, across containers (CPU weight) and within one
    # scheduler (niceness).
    assert SERVICES["web"]["cpu_shares"] < SERVICES["reads"].get("cpu_shares", 1024)
    assert SERVICES["web"]["environment"]["GUNICORN_NICE"].startswith("${GUNICORN_WRITE_NICE")
    # Reads and writes each go to their own pool.
    assert "GET reads;" in EDGE_TEMPLATE and "default app;" in EDGE_TEMPLATE
    # Only the rooms' WebSockets (their messages write) and the builder's costly starts
    # (each writes a job, a motif start by GET too) go to the writes' pool by name.
    assert EDGE_TEMPLATE.count("proxy_pass http://app;") == 2
    assert "location /ws/" in EDGE_TEMPLATE and "proxy_set_header Upgrade" in EDGE_TEMPLATE
    # The edge replaces X-Forwarded-For with the address it saw: a client's own is dropped.
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in EDGE_TEMPLATE
    assert "proxy_add_x_forwarded_for" not in EDGE_TEMPLATE
    assert "target: edge" in str(SERVICES["edge"]["build"]) or SERVICES["edge"]["build"][
        "target"] == "edge"


def test_every_placeholder_of_the_edge_config_is_set_by_compose():
    from tests.support import EDGE_LIMITS, render_edge_config

    wanted = set(re.findall(r"\$\{(QUEENS_[A-Z_]+)\}", EDGE_TEMPLATE))
    assert wanted <= set(SERVICES["edge"]["environment"])
    assert set(EDGE_LIMITS) <= wanted
    rendered = render_edge_config({name: "x" for name in wanted})
    assert "${" not in rendered
