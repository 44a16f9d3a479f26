// The command lines once found leaking through --redact-argv, which read one word at a time: each with its
// secret and the argv the span should record. Shared by the unit and the CLI tests.
export const ARGV_LEAKS: readonly { argv: string[]; secret: string; redacted: string[] }[] = [
  { argv: ["mysql", "-h", "db", "-u", "root", "-pXyz9Secret7", "app"], secret: "Xyz9Secret7", redacted: ["mysql", "-h", "db", "-u", "root", "-p[REDACTED:password-flag]", "app"] },
  { argv: ["curl", "-u", "admin:S3cr3t-pw", "https://x/y"], secret: "S3cr3t-pw", redacted: ["curl", "-u", "admin:[REDACTED:basic-auth-flag]", "https://x/y"] },
  { argv: ["curl", "--user", "admin:S3cr3t-pw", "https://x/y"], secret: "S3cr3t-pw", redacted: ["curl", "--user", "admin:[REDACTED:basic-auth-flag]", "https://x/y"] },
  { argv: ["sshpass", "-p", "letme1nNow", "ssh", "host"], secret: "letme1nNow", redacted: ["sshpass", "-p", "[REDACTED:password-flag]", "ssh", "host"] },
  {
    argv: ["aws", "configure", "set", "aws_secret_access_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
    secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    redacted: ["aws", "configure", "set", "aws_secret_access_key", "[REDACTED:aws-secret-access-key]"],
  },
  { argv: ["curl", "-H", "X-API-Key: 9e8d7c6b5a4f3e2d1c0b", "https://x/y"], secret: "9e8d7c6b5a4f3e2d1c0b", redacted: ["curl", "-H", "X-API-Key: [REDACTED:api-key-header]", "https://x/y"] },
  { argv: ["psql", "postgresql://u:Ab3/Cd4+Ef5Gh6Jk@h/db", "-c", "select 1"], secret: "Ab3/Cd4+Ef5Gh6Jk", redacted: ["psql", "postgresql://u:[REDACTED:url-password]@h/db", "-c", "select 1"] },
];
