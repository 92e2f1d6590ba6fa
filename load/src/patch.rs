//! Applying the server's RFC 6902 patches to a held view, cheaply: `add`, `remove` and `replace`
//! (all that a diff produces) move their values into the view instead of copying them, which halves
//! what the tool spends per frame; any other operation goes to the `json-patch` crate.

use serde_json::Value;

/// Applies `ops` (a JSON array of operations) to `doc`. On error `doc` may be partly patched: the
/// caller asks for a snapshot.
pub fn apply(doc: &mut Value, ops: Value) -> Result<(), String> {
    let Value::Array(ops) = ops else {
        return Err("a patch is an array".into());
    };
    for op in ops {
        apply_one(doc, op)?;
    }
    Ok(())
}

fn apply_one(doc: &mut Value, mut op: Value) -> Result<(), String> {
    let kind = op["op"].as_str().unwrap_or_default().to_owned();
    if !matches!(kind.as_str(), "add" | "remove" | "replace") {
        let patch: json_patch::Patch =
            serde_json::from_value(Value::Array(vec![op])).map_err(|e| e.to_string())?;
        return json_patch::patch(doc, &patch).map_err(|e| e.to_string());
    }
    let path = op["path"]
        .as_str()
        .ok_or("an operation without path")?
        .to_owned();
    let value = op.get_mut("value").map(Value::take);
    if path.is_empty() {
        return match (kind.as_str(), value) {
            ("add" | "replace", Some(value)) => {
                *doc = value;
                Ok(())
            }
            _ => Err(format!("cannot {kind} the whole document")),
        };
    }
    let (parent, last) = path.rsplit_once('/').ok_or("a path starts with /")?;
    let last = unescape(last);
    let mut target = doc;
    for token in parent.split('/').skip(1) {
        let token = unescape(token);
        target = match target {
            Value::Object(map) => map.get_mut(&token),
            Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| format!("no {path}"))?;
    }
    match (kind.as_str(), target, value) {
        ("add", Value::Object(map), Some(value)) => {
            map.insert(last, value);
        }
        ("replace", Value::Object(map), Some(value)) if map.contains_key(&last) => {
            map.insert(last, value);
        }
        ("remove", Value::Object(map), None) => {
            map.remove(&last).ok_or_else(|| format!("no {path}"))?;
        }
        ("add", Value::Array(items), Some(value)) if last == "-" => items.push(value),
        ("add", Value::Array(items), Some(value)) => {
            let i = index(&last, items.len() + 1)?;
            items.insert(i, value);
        }
        ("replace", Value::Array(items), Some(value)) => {
            let i = index(&last, items.len())?;
            items[i] = value;
        }
        ("remove", Value::Array(items), None) => {
            let i = index(&last, items.len())?;
            items.remove(i);
        }
        _ => return Err(format!("cannot {kind} {path}")),
    }
    Ok(())
}

fn index(token: &str, bound: usize) -> Result<usize, String> {
    token
        .parse::<usize>()
        .ok()
        .filter(|i| *i < bound)
        .ok_or_else(|| format!("bad index {token}"))
}

/// A JSON Pointer token: `~1` is `/`, `~0` is `~`.
fn unescape(token: &str) -> String {
    if token.contains('~') {
        token.replace("~1", "/").replace("~0", "~")
    } else {
        token.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Patches made by a diff rebuild the target, as the json-patch crate's own application does.
    #[test]
    fn applies_diffs() {
        let docs = [
            json!({"a": 1, "b": [1, 2, 3], "c": {"d": "x", "e/f": true, "g~h": null}}),
            json!({"a": 2, "b": [1, 3], "c": {"d": "y", "e/f": false}, "n": [[1], {"k": []}]}),
            json!({"b": [4, 1, 3, 5, 6], "c": {}, "n": [[2, 3], {"k": [1]}], "legal": [{"m": 1}]}),
            json!([1, {"x": 2}]),
            json!({"you": {"seat": 0}}),
        ];
        for from in &docs {
            for to in &docs {
                let ops = serde_json::to_value(json_patch::diff(from, to)).unwrap();
                let mut doc = from.clone();
                apply(&mut doc, ops).unwrap();
                assert_eq!(&doc, to, "{from} -> {to}");
            }
        }
    }

    #[test]
    fn other_operations_and_errors() {
        let mut doc = json!({"a": [1, 2], "b": 1});
        apply(
            &mut doc,
            json!([{"op": "move", "from": "/b", "path": "/c"}, {"op": "add", "path": "/a/-", "value": 3}]),
        )
        .unwrap();
        assert_eq!(doc, json!({"a": [1, 2, 3], "c": 1}));
        assert!(apply(
            &mut doc,
            json!([{"op": "replace", "path": "/x", "value": 1}])
        )
        .is_err());
        assert!(apply(&mut doc, json!([{"op": "remove", "path": "/a/9"}])).is_err());
    }
}
