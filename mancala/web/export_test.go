package web

// For the tests of package web_test.
var (
	PostgresURL  = postgresURL
	OpenPostgres = openPostgres
)
