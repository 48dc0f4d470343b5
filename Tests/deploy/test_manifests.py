#!/usr/bin/env python3
"""Structure checks of deploy/kubernetes/*.yaml, since no cluster runs here.

Usage: test_manifests.py PATH/TO/smarttext-server

Each manifest must parse as YAML documents of the expected kinds; the SmartText
container must expose 8080, probe /healthz (liveness) and /readyz (readiness),
mount its registry ConfigMap read-only where SMARTTEXT_CONFIG points, request
memory, and run as the image's non-root user; the registry in each ConfigMap
must pass `smarttext-server --check-config`.
"""
import os
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)


def smarttext_container(pod_spec):
    matches = [c for c in pod_spec["containers"] if c["name"] == "smarttext"]
    check(len(matches) == 1, "exactly one container named smarttext")
    return matches[0]


def check_container(name, container, pod_spec, configmaps, server):
    env = {item["name"]: item.get("value") for item in container.get("env", [])}
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    check(8080 in ports.values(), f"{name}: smarttext listens on 8080")
    check(env.get("SMARTTEXT_PORT") == "8080", f"{name}: SMARTTEXT_PORT is 8080")
    for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")):
        http = container.get(probe, {}).get("httpGet", {})
        check(http.get("path") == path, f"{name}: {probe} on {path}")
        port = http.get("port")
        check(port == 8080 or ports.get(port) == 8080, f"{name}: {probe} on the smarttext port")
    mounts = {m["mountPath"]: m for m in container.get("volumeMounts", [])}
    config = env.get("SMARTTEXT_CONFIG")
    check(config in mounts, f"{name}: SMARTTEXT_CONFIG ({config}) is a mounted path")
    mount = mounts.get(config, {})
    check(mount.get("readOnly") is True, f"{name}: the registry is mounted read-only")
    volumes = {v["name"]: v for v in pod_spec.get("volumes", [])}
    volume = volumes.get(mount.get("name"), {})
    configmap = volume.get("configMap", {}).get("name")
    check(configmap in configmaps, f"{name}: the registry volume is the ConfigMap in the file")
    check("--watch" in container.get("args", []), f"{name}: --watch reloads the ConfigMap in place")
    resources = container.get("resources", {})
    check("memory" in resources.get("requests", {}), f"{name}: memory is requested")
    check("memory" in resources.get("limits", {}), f"{name}: memory is limited")
    security = container.get("securityContext", {})
    check(security.get("runAsNonRoot") is True, f"{name}: runs as non-root")
    check(security.get("runAsUser") == 10001, f"{name}: runs as the image's user 10001")
    check(security.get("readOnlyRootFilesystem") is True, f"{name}: read-only root file system")
    if configmap in configmaps:
        with tempfile.TemporaryDirectory() as folder:
            for file_name, text in configmaps[configmap]["data"].items():
                with open(os.path.join(folder, file_name), "w", encoding="utf-8") as handle:
                    handle.write(text)
            result = subprocess.run([server, "--check-config", folder], capture_output=True, text=True)
            check(result.returncode == 0, f"{name}: the ConfigMap registry is valid: {result.stderr.strip()}")


def load(file_name):
    with open(os.path.join(ROOT, "deploy", "kubernetes", file_name), encoding="utf-8") as handle:
        documents = [d for d in yaml.safe_load_all(handle) if d is not None]
    return {(d["kind"], d["metadata"]["name"]): d for d in documents}, documents


def main():
    server = os.path.abspath(sys.argv[1])
    sidecar, documents = load("sidecar.yaml")
    check(sorted(d["kind"] for d in documents) == ["ConfigMap", "Deployment"], "sidecar.yaml: a ConfigMap and a Deployment")
    configmaps = {name: d for (kind, name), d in sidecar.items() if kind == "ConfigMap"}
    app = sidecar[("Deployment", "web-app")]["spec"]["template"]["spec"]
    check(len(app["containers"]) == 2, "sidecar.yaml: the app and SmartText share the pod")
    check_container("sidecar.yaml", smarttext_container(app), app, configmaps, server)

    pool, documents = load("standalone.yaml")
    check(
        sorted(d["kind"] for d in documents) == ["ConfigMap", "Deployment", "PodDisruptionBudget", "Service"],
        "standalone.yaml: ConfigMap, Deployment, Service, PodDisruptionBudget",
    )
    configmaps = {name: d for (kind, name), d in pool.items() if kind == "ConfigMap"}
    deployment = pool[("Deployment", "smarttext")]
    check(deployment["spec"]["replicas"] >= 2, "standalone.yaml: more than one replica")
    spec = deployment["spec"]["template"]["spec"]
    check_container("standalone.yaml", smarttext_container(spec), spec, configmaps, server)
    service = pool[("Service", "smarttext")]["spec"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    check(all(labels.get(k) == v for k, v in service["selector"].items()), "standalone.yaml: the Service selects the pods")
    check(service["ports"][0]["targetPort"] in ("http", 8080), "standalone.yaml: the Service targets port 8080")

    for failure in FAILURES:
        print("FAIL:", failure)
    print(f"kubernetes manifests: {'FAILED' if FAILURES else 'OK'} ({len(FAILURES)} problem(s))")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
