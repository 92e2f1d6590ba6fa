//! The deployment files agree with the server: docker-compose.yml (which cannot be started on the
//! machines that run these tests: no Docker engine) is parsed and checked against the Dockerfile and
//! the server's own configuration (the flags and environment `plateau serve --help` lists).

use serde_yaml::Value;
use std::process::Command;

fn repo_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn str_of<'a>(v: &'a Value, path: &[&str]) -> &'a str {
    let mut at = v;
    for key in path {
        at = &at[*key];
    }
    at.as_str()
        .unwrap_or_else(|| panic!("{} is not a string in docker-compose.yml", path.join(".")))
}

#[test]
fn compose_agrees_with_the_dockerfile_and_the_server() {
    let compose: Value =
        serde_yaml::from_str(&repo_file("docker-compose.yml")).expect("docker-compose.yml parses");
    let dockerfile = repo_file("Dockerfile");
    let help = Command::new(plateau_tests::server::binary())
        .args(["serve", "--help"])
        .output()
        .expect("run plateau serve --help");
    let help = String::from_utf8_lossy(&help.stdout).to_string();

    let services = compose["services"].as_mapping().expect("services");
    let always: Vec<&str> = services
        .iter()
        .filter(|(_, service)| service["profiles"].is_null())
        .map(|(name, _)| name.as_str().unwrap())
        .collect();
    assert_eq!(
        always,
        ["postgres", "plateau"],
        "without a profile: postgres and plateau"
    );
    let (pg, plateau) = (
        &compose["services"]["postgres"],
        &compose["services"]["plateau"],
    );

    // The server is built from this repository's Dockerfile, a multi-stage build.
    assert_eq!(plateau["build"].as_str(), Some("."));
    assert!(
        dockerfile.matches("FROM ").count() >= 2,
        "multi-stage Dockerfile"
    );
    assert!(dockerfile.contains("cargo build --release"));

    // It waits for a healthy Postgres, which has a health check and a volume for its data.
    assert_eq!(
        str_of(plateau, &["depends_on", "postgres", "condition"]),
        "service_healthy"
    );
    let check = pg["healthcheck"]["test"]
        .as_sequence()
        .expect("postgres healthcheck");
    assert!(check
        .iter()
        .any(|t| t.as_str().is_some_and(|t| t.contains("pg_isready"))));
    let pg_volume = pg["volumes"][0].as_str().expect("postgres volume");
    let (volume, mount) = pg_volume.split_once(':').expect("volume:path");
    assert_eq!(mount, "/var/lib/postgresql/data");
    assert!(
        compose["volumes"]
            .as_mapping()
            .expect("volumes")
            .contains_key(volume),
        "volume {volume} is declared"
    );

    // DATABASE_URL points at that Postgres service with its credentials and database.
    let url = str_of(plateau, &["environment", "DATABASE_URL"]);
    let expected = format!(
        "postgres://{}:{}@postgres:5432/{}",
        str_of(pg, &["environment", "POSTGRES_USER"]),
        str_of(pg, &["environment", "POSTGRES_PASSWORD"]),
        str_of(pg, &["environment", "POSTGRES_DB"]),
    );
    assert_eq!(url, expected);

    // The server listens on every interface inside the container, on the published port, which the
    // image exposes too.
    let addr: std::net::SocketAddr = str_of(plateau, &["environment", "PLATEAU_ADDR"])
        .parse()
        .expect("PLATEAU_ADDR");
    assert!(
        addr.ip().is_unspecified(),
        "listen on 0.0.0.0 inside the container"
    );
    let published = plateau["ports"][0].as_str().expect("published port");
    let (_, container_port) = published.rsplit_once(':').expect("host:container");
    assert_eq!(container_port.parse::<u16>().unwrap(), addr.port());
    assert!(dockerfile.contains(&format!("EXPOSE {}", addr.port())));
    assert!(dockerfile.contains(&format!("PLATEAU_ADDR=0.0.0.0:{}", addr.port())));

    // Every variable compose sets is one the server reads, with a value it accepts.
    for (key, value) in plateau["environment"].as_mapping().expect("environment") {
        let key = key.as_str().unwrap();
        assert!(
            help.contains(&format!("[env: {key}=")),
            "the server does not read {key}"
        );
        if key == "PLATEAU_LOG_FORMAT" {
            let format = value.as_str().unwrap();
            assert!(
                help.contains(&format!("- {format}:")),
                "log format {format} is one of the server's"
            );
        }
    }
}

/// The `cluster` profile: NATS, three nodes on a database of their own in the same Postgres, and a
/// load balancer whose configuration names every node.
#[test]
fn the_cluster_profile_agrees_with_the_server() {
    let compose: Value =
        serde_yaml::from_str(&repo_file("docker-compose.yml")).expect("docker-compose.yml parses");
    let help = Command::new(plateau_tests::server::binary())
        .args(["serve", "--help"])
        .output()
        .expect("run plateau serve --help");
    let help = String::from_utf8_lossy(&help.stdout).to_string();
    let services = compose["services"].as_mapping().expect("services");
    let in_cluster = |name: &str| {
        services
            .get(name)
            .unwrap_or_else(|| panic!("service {name}"))["profiles"]
            .as_sequence()
            .is_some_and(|p| p.iter().any(|p| p.as_str() == Some("cluster")))
    };
    for name in ["nats", "cluster-db", "node-1", "node-2", "node-3", "lb"] {
        assert!(in_cluster(name), "{name} is in the cluster profile");
    }
    let pg = &compose["services"]["postgres"];
    let creator = compose["services"]["cluster-db"]["command"]
        .as_sequence()
        .expect("cluster-db command")
        .iter()
        .filter_map(Value::as_str)
        .collect::<Vec<_>>()
        .join(" ");
    let lb_config = repo_file("deploy/nginx-cluster.conf");
    for node in ["node-1", "node-2", "node-3"] {
        let service = &compose["services"][node];
        let url = str_of(service, &["environment", "DATABASE_URL"]);
        let (base, database) = url.rsplit_once('/').expect("a database in the URL");
        assert_eq!(
            base,
            format!(
                "postgres://{}:{}@postgres:5432",
                str_of(pg, &["environment", "POSTGRES_USER"]),
                str_of(pg, &["environment", "POSTGRES_PASSWORD"]),
            )
        );
        assert_ne!(
            database,
            str_of(pg, &["environment", "POSTGRES_DB"]),
            "the nodes never share the single server's rooms"
        );
        assert!(creator.contains(&format!("CREATE DATABASE {database}")));
        assert_eq!(
            str_of(service, &["environment", "PLATEAU_NATS_URL"]),
            "nats://nats:4222"
        );
        for (key, _) in service["environment"].as_mapping().expect("environment") {
            let key = key.as_str().unwrap();
            assert!(
                help.contains(&format!("[env: {key}=")),
                "the server does not read {key}"
            );
        }
        let addr: std::net::SocketAddr = str_of(service, &["environment", "PLATEAU_ADDR"])
            .parse()
            .expect("PLATEAU_ADDR");
        assert!(
            lb_config.contains(&format!("server {node}:{}", addr.port())),
            "the load balancer sends to {node}"
        );
    }
    let mount = compose["services"]["lb"]["volumes"][0]
        .as_str()
        .expect("lb config mount");
    assert!(mount.starts_with("./deploy/nginx-cluster.conf:"));
    assert!(
        lb_config.contains("proxy_set_header Upgrade"),
        "WebSockets pass"
    );
}
