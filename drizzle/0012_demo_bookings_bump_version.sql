-- The test-store page shows the places left at each demo day: a booking, from any process, bumps the
-- 'bookings' data version so anonymous page caches stop serving the old count.
CREATE TRIGGER demo_bookings_bump_bookings AFTER INSERT OR UPDATE OR DELETE ON demo_bookings FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('bookings');
