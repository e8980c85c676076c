//! Calendar dates from a count of days since 1970-01-01, for the reports that print a date
//! (a PGN's `Date` tag, a result's timestamp) without a calendar crate.

/// The proleptic Gregorian date `(year, month, day)` of the day `days` after 1970-01-01,
/// by Howard Hinnant's `civil_from_days` ("chrono-Compatible Low-Level Date Algorithms").
///
/// # Example
/// ```
/// use nullmove_numbers::date::civil_from_days;
/// assert_eq!(civil_from_days(19_860), (2024, 5, 17));
/// ```
#[must_use]
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn known_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_860), (2024, 5, 17));
        // 1_796_300_045 seconds after the epoch, a result's timestamp.
        assert_eq!(civil_from_days(20_790), (2026, 12, 3));
    }

    #[test]
    fn days_before_the_epoch_and_century_leap_rules() {
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        // 1900 is no leap year: its February ends on the 28th.
        assert_eq!(civil_from_days(-25_508), (1900, 3, 1));
        assert_eq!(civil_from_days(-25_509), (1900, 2, 28));
        // 2100 is no leap year either.
        assert_eq!(civil_from_days(47_540), (2100, 2, 28));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
    }
}
