import Foundation
import MappingKit

// A GitHub-events-like payload, made by the benchmark itself (no file): each event has an actor,
// a repository, sometimes an organisation, and an untyped `payload` whose shape depends on the
// event's type. The models keep `payload` as `[String: Any]`.

struct GitHubEvent: Mappable {
    var id = ""
    var type = ""
    var actor = GitHubActor()
    var repo = GitHubRepo()
    var org: GitHubActor?
    var payload: [String: Any] = [:]
    var `public` = false
    var created_at = ""
}

struct GitHubActor: Mappable, Equatable {
    var id = 0
    var login = ""
    var display_login: String?
    var gravatar_id = ""
    var url = ""
    var avatar_url = ""
}

struct GitHubRepo: Mappable, Equatable {
    var id = 0
    var name = ""
    var url = ""
}

enum GitHubEvents {
    /// `count` events as JSON text, the same every run.
    static func json(count: Int) -> Data {
        let events = (0..<count).map { index -> String in
            let actor = #"{"id": \#(1000 + index), "login": "user\#(index)", "display_login": "user\#(index)", "gravatar_id": "", "url": "https://api.github.com/users/user\#(index)", "avatar_url": "https://avatars.githubusercontent.com/u/\#(1000 + index)?"}"#
            let repo = #"{"id": \#(5000 + index % 37), "name": "org\#(index % 7)/repo\#(index % 37)", "url": "https://api.github.com/repos/org\#(index % 7)/repo\#(index % 37)"}"#
            let payload: String
            switch index % 3 {
            case 0:
                payload = #"{"push_id": \#(90000 + index), "size": 2, "distinct_size": 2, "ref": "refs/heads/main", "head": "a1b2c3d\#(index)", "before": "f0e1d2c\#(index)", "commits": [{"sha": "a1b2c3d\#(index)", "author": {"email": "u\#(index)@example.com", "name": "User \#(index)"}, "message": "Fix the thing (#\#(index))", "distinct": true, "url": "https://api.github.com/repos/x/y/commits/a1b2c3d\#(index)"}, {"sha": "b2c3d4e\#(index)", "author": {"email": "u\#(index)@example.com", "name": "User \#(index)"}, "message": "Tests", "distinct": true, "url": "https://api.github.com/repos/x/y/commits/b2c3d4e\#(index)"}]}"#
            case 1:
                payload = #"{"action": "opened", "number": \#(index), "pull_request": {"id": \#(70000 + index), "title": "Add feature \#(index)", "state": "open", "draft": false, "labels": [{"name": "enhancement"}], "additions": \#(index % 300), "deletions": \#(index % 40)}}"#
            default:
                payload = #"{"action": "started"}"#
            }
            let org = index % 2 == 0 ? #", "org": {"id": \#(9000 + index % 7), "login": "org\#(index % 7)", "gravatar_id": "", "url": "https://api.github.com/orgs/org\#(index % 7)", "avatar_url": "https://avatars.githubusercontent.com/u/\#(9000 + index % 7)?"}"# : ""
            let type = ["PushEvent", "PullRequestEvent", "WatchEvent"][index % 3]
            return #"{"id": "\#(30_000_000_000 + index)", "type": "\#(type)", "actor": \#(actor), "repo": \#(repo), "payload": \#(payload), "public": true, "created_at": "2026-11-23T0\#(index % 10):00:00Z"\#(org)}"#
        }
        return Data(("[" + events.joined(separator: ",") + "]").utf8)
    }
}

// MARK: - Hand-written baseline

extension GitHubEvent {
    init(handWritten d: [String: Any]) {
        id = d["id"] as? String ?? ""
        type = d["type"] as? String ?? ""
        actor = GitHubActor(handWritten: d["actor"] as? [String: Any] ?? [:])
        repo = GitHubRepo(handWritten: d["repo"] as? [String: Any] ?? [:])
        org = (d["org"] as? [String: Any]).map(GitHubActor.init(handWritten:))
        payload = d["payload"] as? [String: Any] ?? [:]
        `public` = d["public"] as? Bool ?? false
        created_at = d["created_at"] as? String ?? ""
    }

    /// The parts a benchmark can compare (`payload` is untyped).
    var summary: String {
        "\(id) \(type) \(actor.login) \(repo.name) \(org?.login ?? "-") \(payload.count) \(`public`) \(created_at)"
    }
}

extension GitHubActor {
    init(handWritten d: [String: Any]) {
        id = d["id"] as? Int ?? 0
        login = d["login"] as? String ?? ""
        display_login = d["display_login"] as? String
        gravatar_id = d["gravatar_id"] as? String ?? ""
        url = d["url"] as? String ?? ""
        avatar_url = d["avatar_url"] as? String ?? ""
    }
}

extension GitHubRepo {
    init(handWritten d: [String: Any]) {
        id = d["id"] as? Int ?? 0
        name = d["name"] as? String ?? ""
        url = d["url"] as? String ?? ""
    }
}
